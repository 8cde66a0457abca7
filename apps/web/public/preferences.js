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

// A page the server drew (data-rendered) is readable before its scripts run: they are asked for once it is
// on screen, so that on a phone's network its HTML, styles and pictures come first (issue 23). The server lists
// them in <meta name="farha-modules">: the entry, then the modules it imports (apps/server web-app.ts).
(function () {
  if (!document.documentElement.hasAttribute('data-rendered')) return;
  var started = false;
  function start() {
    var meta = document.querySelector('meta[name="farha-modules"]');
    if (started || !meta) return;
    started = true;
    var files = meta.getAttribute('content').split(' ');
    for (var i = 0; i < files.length; i++) {
      var element = document.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) {
        element.type = 'module';
        element.src = files[i];
      } else {
        element.rel = 'modulepreload';
        element.href = files[i];
      }
      element.crossOrigin = '';
      document.head.appendChild(element);
    }
  }
  // Once the page's first text or picture is on screen (the browser's paint timing). A tab opened in the
  // background paints nothing, and a browser without paint timing says nothing: their scripts come when the
  // document is read. Past the load event, a second at most: the page is never left without its scripts.
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf('paint') === -1 || document.visibilityState === 'hidden') {
    document.addEventListener('DOMContentLoaded', start);
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  window.addEventListener('load', function () {
    setTimeout(start, 1000);
  });
})();

// Until a drawn page is hydrated its buttons have no handlers yet. A tap on a button, or a form sent (Enter in
// one of its fields, even while its button is disabled), is held and done once the page answers (<html
// data-hydrated>, src/app/hydrated.tsx), rather than lost or the form sent to the page's own address with its
// fields in the query. Only the last is kept: a person tapping twice on a page that did not answer meant it
// once. Links work as links meanwhile. What was typed reaches React's state in src/lib/hydration.ts.
(function () {
  var root = document.documentElement;
  if (!root.hasAttribute('data-rendered')) return;
  var held = null;
  var UNTYPED = /^(checkbox|radio|button|submit|reset|file|image)$/;
  function hold(event) {
    var target =
      event.type === 'submit'
        ? event.target
        : event.type === 'keydown'
          ? event.key === 'Enter' && event.target.tagName === 'INPUT' && !UNTYPED.test(event.target.type) && event.target.form
          : event.target.closest && event.target.closest('button');
    if (!target || root.hasAttribute('data-hydrated')) return;
    /* Nobody else sees it: React, once listening, would do it a second time. */
    event.preventDefault();
    event.stopPropagation();
    held = target;
  }
  var events = ['click', 'keydown', 'submit'];
  for (var i = 0; i < events.length; i++) document.addEventListener(events[i], hold, true);
  new MutationObserver(function (_records, observer) {
    if (!root.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    for (var i = 0; i < events.length; i++) document.removeEventListener(events[i], hold, true);
    var target = held;
    held = null;
    if (!target) return;
    setTimeout(function () {
      if (!target.isConnected) return;
      if (target.tagName === 'FORM') target.requestSubmit();
      else target.click();
    }, 0);
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
})();
