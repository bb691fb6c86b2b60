// Applies the colour theme the visitor chose before anything is painted: the page runs this
// from its <head>, before the stylesheet and the app. The choice is kept in local storage under
// 'touchline:theme': 'light' or 'dark' sets data-theme on <html>; anything else (or nothing)
// leaves the theme to the system, which styles.css follows through prefers-color-scheme. The
// header's theme button (src/web/theme-choice.ts) stores a choice and fires 'touchline:theme'
// on the document; another tab's choice arrives as a storage event.
/* global window, document */
(function () {
  'use strict';
  var KEY = 'touchline:theme';
  /** The header bar's colour in each theme, for the browser's own bar on phones. */
  var BAR_COLOURS = { light: '#0b3d2e', dark: '#14573f' };

  function readChoice() {
    try {
      var stored = window.localStorage.getItem(KEY);
      return stored === 'light' || stored === 'dark' ? stored : 'system';
    } catch {
      // Storage refused (a privacy setting): the system decides.
      return 'system';
    }
  }

  function applyChoice() {
    var choice = readChoice();
    var root = document.documentElement;
    if (choice === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) {
      var own = /dark/.test(metas[i].getAttribute('media') || '') ? 'dark' : 'light';
      metas[i].setAttribute('content', BAR_COLOURS[choice === 'system' ? own : choice]);
    }
  }

  applyChoice();
  document.addEventListener('touchline:theme', applyChoice);
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) applyChoice();
  });
})();
