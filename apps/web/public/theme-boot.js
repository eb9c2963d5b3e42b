// Applies the saved theme before the first paint (no flash). Kept in step with src/theme/themes.ts by a test.
(function () {
  var DARK = ['dark', 'indigo'];
  var THEMES = ['default', 'dark', 'light', 'blue', 'green', 'indigo'];
  var theme = 'default';
  try {
    var saved = JSON.parse(window.localStorage.getItem('depot.theme') || '"default"');
    if (THEMES.indexOf(saved) >= 0) theme = saved;
  } catch {
    theme = 'default';
  }
  var root = document.documentElement;
  if (DARK.indexOf(theme) >= 0) root.classList.add('bp6-dark');
  root.setAttribute('data-theme', theme);
})();
