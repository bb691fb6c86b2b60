/**
 * Registers the service worker (public/sw.js) once the page has loaded, so its install (which
 * downloads the offline page) never competes with the first screen. Only in the production
 * build: the dev server's modules change on every save and must not be cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The site works without it (private windows, some browsers' settings refuse it).
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
