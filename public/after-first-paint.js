// Starts the app once the prerendered first screen has been painted (src/app/prerender.tsx): the page's scripts,
// named in its `app-scripts` data block, are asked for after that paint and run in their order, so that they
// neither compete with the first paint for a slow network nor, on a fast one, run before it. A tab opened in the background paints nothing
// until shown: it starts at once.
// The screen does nothing until the app has taken it over: the buttons clicked and the keys typed meanwhile (a
// scanner's burst, Enter in the search box, which would submit it as `GET /?`) are kept in order in
// `labstoreEarlyInput` until the app takes the list, and played then (src/app/earlyInput.ts). Links work without it.
(function () {
  var early = (window.labstoreEarlyInput = []);
  function keep(event) {
    if (window.labstoreEarlyInput !== early) return;
    if (event.type === 'click') {
      var button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) early.push({ button: button });
    } else if (!event.ctrlKey && !event.metaKey && !event.altKey && /^(.|Enter|Backspace)$/.test(event.key)) {
      event.preventDefault();
      early.push({ key: event.key, target: event.target });
    }
  }
  document.addEventListener('click', keep, true);
  document.addEventListener('keydown', keep, true);

  function start() {
    JSON.parse(document.getElementById('app-scripts').textContent).forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  if (document.visibilityState === 'hidden') start();
  // The animation frame comes just before the paint, the task it queues just after.
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
