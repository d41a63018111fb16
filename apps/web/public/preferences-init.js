// Runs before first paint: applies the stored theme and language so the page never flashes.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('theme');
    if (theme !== 'dark' && theme !== 'light') {
      theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
    }
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
    root.style.colorScheme = theme;
    var lang = localStorage.getItem('selectedLanguage');
    if (lang === 'en' || lang === 'pt' || lang === 'es') root.lang = lang;
    if (localStorage.getItem('animationsEnabled') === 'false') root.classList.add('reduce-motion');
  } catch {
    /* storage unavailable: defaults apply */
  }
})();

// A page the server drew looks ready before the app has started (it hydrates a moment later, seconds on a slow
// phone): a tap on one of its buttons, tabs or toggles meanwhile would do nothing, and a form's Enter would reload the
// page, and text typed into a field would be wiped. Until the app starts hydrating (it sets <html data-drawn> just
// before), such taps, submits and texts are kept here, in order, and the app replays them once hydrated
// (lib/early-input.ts). Links are left alone: they work without the app.
(function () {
  var kept = (window.__earlyInput = []);
  var CONTROLS = 'button, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], summary, label, input[type="checkbox"], input[type="radio"]';
  // While the page is still arriving its state (after the drawing) may be yet to come: kept too, and dropped at replay
  // if the page turns out to be drawn by the browser (its elements are new ones).
  var waiting = function () {
    return !document.documentElement.hasAttribute('data-drawn') && (document.readyState === 'loading' || document.getElementById('ssr-state') !== null);
  };
  document.addEventListener(
    'click',
    function (event) {
      if (!waiting() || kept.length >= 20 || !(event.target instanceof Element)) return;
      var control = event.target.closest(CONTROLS);
      if (!control || control.closest('a[href]')) return;
      event.preventDefault();
      kept.push({ type: 'click', target: control });
    },
    true,
  );
  // Text typed into a field: its last value, set again once the field is hydrated (React resets it meanwhile).
  document.addEventListener(
    'input',
    function (event) {
      var field = event.target;
      // Text fields only (never a password, a file or a box that is ticked by its click).
      var text = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && /^(text|search|email|url|tel|number)$/.test(field.type));
      if (!waiting() || !text) return;
      for (var i = 0; i < kept.length; i++) {
        if (kept[i].target === field) {
          kept[i].value = field.value;
          return;
        }
      }
      if (kept.length < 20) kept.push({ type: 'input', target: field, value: field.value });
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (!waiting() || kept.length >= 20 || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      kept.push({ type: 'submit', target: event.target });
    },
    true,
  );
})();
