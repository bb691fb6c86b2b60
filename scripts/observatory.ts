// `npm run observatory`: grades the real server's HTTPS listener offline with the MDN HTTP
// Observatory and Google's CSP Evaluator (docs/decisions/015-header-grading.md). Exits non-zero
// unless the grade is A+, every test passes and no CSP finding is HIGH or SYNTAX.
import {
  evaluateCsp,
  listHeaderProblems,
  requestHttps,
  scanWithObservatory,
  startHttpsServer,
} from '../tests/helpers/observatory.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);

const running = await startHttpsServer();
let problems: string[];
try {
  out(`Scanning ${running.target} (${running.server.url}) with a throw-away CA`);
  const report = await scanWithObservatory(running.target, running.certificates.ca);
  out(`\nGrade ${report.scan.grade}, score ${report.scan.score}`);
  out(`Tests passed: ${report.scan.testsPassed}/${report.scan.testsQuantity}`);
  for (const [name, test] of Object.entries(report.tests)) {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    out(`  ${test.pass === true ? 'pass' : 'FAIL'}  ${name}: ${test.result} (${modifier})`);
  }

  const page = await requestHttps(`https://${running.target}/`, running.certificates.ca);
  const policy = page.headers['content-security-policy'];
  const findings = typeof policy === 'string' ? evaluateCsp(policy) : [];
  out(`\nContent-Security-Policy: ${typeof policy === 'string' ? policy : '(none)'}`);
  out(`CSP Evaluator findings: ${findings.length}`);
  for (const finding of findings) {
    const value = finding.value === undefined ? '' : ` ${finding.value}`;
    out(
      `  ${finding.severityName} (${finding.severity})  ${finding.directive}${value}: ${finding.description}`,
    );
  }
  problems = listHeaderProblems(report, findings);
  if (typeof policy !== 'string') problems.push('no Content-Security-Policy on /');
} finally {
  await running.stop();
}

if (problems.length > 0) {
  out(`\n✖ Not at the target (SECURITY-TARGETS.md §7):`);
  for (const problem of problems) out(`  - ${problem}`);
  process.exit(1);
}
out('\n✔ A+ with every test passing; no CSP finding of severity HIGH or SYNTAX');
