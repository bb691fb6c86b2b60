// axe-core's serious and critical violations, contrast included, on the gate and every page at
// phone width in both themes (tests/helpers/accessibility.ts). The keyboard checks are in
// keyboard.test.ts.
import { describeAxeChecks } from '../helpers/accessibility.ts';

describeAxeChecks('phone');
