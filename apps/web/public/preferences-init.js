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
