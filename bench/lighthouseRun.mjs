// One Lighthouse run, in plain Node: `node bench/lighthouseRun.mjs <url>` prints its figures as one line of JSON.
// Not run through tsx: its esbuild transform wraps functions in `__name(…)` helpers, and Lighthouse sends some of its
// functions to the page as source text, where that helper does not exist ("ReferenceError: __name is not defined").
// The default config is Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown). Each run has a Chromium of
// its own (Debian's, never a downloaded one): nothing cached, no session storage left by another run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2];
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (audit) => {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} has no ${audit}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined)
    throw new Error(`Lighthouse on ${url} gave no performance score`);
  console.log(
    JSON.stringify({
      score: Math.round(score * 100),
      tbtMs: numeric('total-blocking-time'),
      lcpMs: numeric('largest-contentful-paint'),
      fcpMs: numeric('first-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings,
    }),
  );
} finally {
  chrome.kill();
}
