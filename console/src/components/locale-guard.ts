// Imported before uPlot, which formats numbers with navigator.language when it loads: a browser whose language is a
// tag Intl refuses (Chromium under a POSIX locale says "en-US@posix") would stop that module, and the whole console
// with it. Such a browser is given "en-US" instead; any other keeps its own.
try {
  new Intl.NumberFormat(navigator.language);
} catch {
  Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
}

export {};
