// Draws the installed site's icons (public/icons/*.png) from the logo (public/logo.svg) with the
// Chromium the browser tests use: `node scripts/make-icons.ts`. Run it again when the logo changes.
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

import { launchBrowser } from '../tests/helpers/browser.ts';

const PUBLIC = path.resolve(import.meta.dirname, '..', 'public');
/** The logo's own background, filled edge to edge behind the maskable icon. */
const PITCH = '#0b3d2e';

/**
 * The icons: the logo as it is (its rounded corners transparent), and a maskable one whose mark
 * is drawn at 80 % on the same green: its ball lies well inside the safe circle, so any mask a phone applies (circle, squircle) keeps all of it.
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const logo = await readFile(path.join(PUBLIC, 'logo.svg'), 'utf8');
const logoUrl = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
await mkdir(path.join(PUBLIC, 'icons'), { recursive: true });
const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const mark = icon.maskable ? Math.round(icon.size * 0.8) : icon.size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${String(icon.size)}px;` +
        `height:${String(icon.size)}px;background:${icon.maskable ? PITCH : 'transparent'}">` +
        `<img src="${logoUrl}" width="${String(mark)}" height="${String(mark)}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({
      path: path.join(PUBLIC, 'icons', icon.file),
      omitBackground: !icon.maskable,
    });
    await page.close();
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
