// Keep the storage keys in sync with src/lib/theme.tsx and src/lib/i18n.ts (LOCALE_STORAGE_KEY, LOCALE_COOKIE).
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('farha.theme');
    var dark =
      theme === 'dark' ||
      (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var locale = localStorage.getItem('farha.locale');
    // The server draws pages in the language of this cookie: a choice saved before it existed is told to it.
    if ((locale === 'ar' || locale === 'fr') && document.cookie.indexOf('farha.locale=' + locale) === -1) {
      document.cookie = 'farha.locale=' + locale + '; path=/; max-age=31536000; samesite=lax';
    }
    // A page the server drew (data-rendered) is in its own language: the app switches after hydration if
    // the device's differs. Another page takes the device's before the app draws it.
    if (locale === 'ar' && !root.hasAttribute('data-rendered')) {
      root.lang = 'ar';
      root.dir = 'rtl';
    }
  } catch {
    /* storage unavailable (private mode): defaults apply */
  }
})();
