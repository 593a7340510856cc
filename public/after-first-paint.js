// Starts the app once the prerendered first screen has been painted (src/app/prerender.tsx): the page's scripts,
// named in its `app-scripts` data block, are asked for after that paint and run in their order, so that they
// neither compete with the first paint for a slow network nor, on a fast one, run before it. A tab opened in the background paints nothing
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
