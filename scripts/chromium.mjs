// How every Playwright run here launches Chromium: the tests (playwright.config.ts), the browser
// benchmarks (scripts/bench/open-site.mjs) and the README screenshot (scripts/screenshot.mjs).

/** Debian's Chromium (installed by `npm test` when missing); never a Playwright-downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium keeps only the last `--disable-features` switch, so this one restates Playwright's own list
 * (playwright-core 1.65.1, `chromiumSwitches.ts`; e2e/chromium-switches.spec.ts checks that the browser
 * has them all) and adds the omnibox popup: a full browser in
 * headless mode preloads it as a WebUI page, in a renderer of its own, for every new context. On the
 * 2-core machine that renderer took about as much CPU as the page under test's; without it the
 * Playwright suite took 17.4 min instead of 21.7. Nothing here uses the address bar.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Switches for a quiet, local, headless Chromium as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
