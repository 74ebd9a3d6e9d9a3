// Before the first paint (a blocking script, so no flash): the colour mode and the language's
// direction this browser chose before, as next-themes (src/components/ui/color-mode.tsx) and
// src/lib/i18n keep them. Plain script: the CSP allows scripts from this origin, not inline ones.
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('theme');
    var dark =
      theme === 'dark' ||
      ((!theme || theme === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var locale = localStorage.getItem('locale');
    if (locale === 'fr' || locale === 'ar') {
      root.lang = locale;
      root.dir = locale === 'ar' ? 'rtl' : 'ltr';
    }
  } catch (e) {
    // storage blocked: light, English
  }
})();
