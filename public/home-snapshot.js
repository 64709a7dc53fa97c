// Paints the last Home the driver saw before the app's code has loaded (see
// src/ui/homeSnapshot.ts, which writes it and removes this picture once the live Home is
// there). Plain JS, no imports: it runs as the page is parsed. Inert and hidden from
// assistive technology: a picture, not controls. In a closed shadow root, so its styles and
// elements never mix with the live app's.
(function () {
  try {
    if (location.pathname !== '/' || location.search !== '') return;
    var raw = localStorage.getItem('driver-app:home-snapshot');
    if (!raw) return;
    var snapshot = JSON.parse(raw);
    if (!snapshot || snapshot.v !== 3 || !(Date.now() < snapshot.validUntil)) return;
    var host = document.createElement('div');
    host.id = 'home-snapshot';
    host.setAttribute('aria-hidden', 'true');
    host.inert = true;
    host.style.cssText = 'position:absolute;top:0;left:0;right:0;height:100vh;overflow:hidden;z-index:2147483000;';
    var shadow = host.attachShadow({ mode: 'closed' });
    var style = document.createElement('style');
    style.textContent = snapshot.css;
    // The page's html and body, as the snapshot's styles name them (homeSnapshot.ts).
    var body = document.createElement('div');
    body.className = 'home-snapshot-root';
    body.innerHTML = snapshot.html;
    shadow.appendChild(style);
    shadow.appendChild(body);
    document.body.appendChild(host);
    if (performance.mark) performance.mark('home-snapshot');
    // The live app removes it; if it never starts, the picture must not stay forever.
    setTimeout(function () {
      host.remove();
    }, 20000);
  } catch (error) {
    // A broken snapshot only means the driver waits for the live Home.
  }
})();
