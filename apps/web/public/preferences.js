// Keep the storage keys in sync with src/lib/theme.tsx and src/lib/i18n.ts.
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('farha.theme');
    var dark =
      theme === 'dark' ||
      (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    if (localStorage.getItem('farha.locale') === 'ar') {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
  } catch {
    /* storage unavailable (private mode): defaults apply */
  }
})();
