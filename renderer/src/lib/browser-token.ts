// Browser mode's access token, from the URL the app printed. The page hands it to its IPC
// WebSocket and its server-image requests itself: no cookie carries it, since a cookie would
// also reach every other server on 127.0.0.1, whatever its port.
export const browserToken = new URLSearchParams(location.search).get('token') ?? '';
