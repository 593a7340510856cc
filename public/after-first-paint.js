// Starts the app once the prerendered first screen has been painted (src/app/prerender.tsx): the page's scripts,
// which the browser is already downloading (its `<link rel="preload">`s), run in their order after that paint,
// so a fast network cannot make the first paint wait for them. A tab opened in the background paints nothing
// until shown: it starts at once.
// A button of the screen does nothing until the app has taken it over: the buttons clicked meanwhile are kept in
// `labstoreEarlyClicks`, which the app clicks again once it runs (src/index.tsx). Links work without the app.
(function () {
  var clicked = [];
  function keep(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) clicked.push(button);
  }
  document.addEventListener('click', keep, true);
  window.labstoreEarlyClicks = function () {
    document.removeEventListener('click', keep, true);
    return clicked.splice(0);
  };

  function start() {
    document.querySelectorAll('link[rel="preload"][as="script"]').forEach(function (link) {
      var script = document.createElement('script');
      script.src = link.href;
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
