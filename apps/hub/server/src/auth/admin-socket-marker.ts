// Which requests came in through the admin socket (auth/admin-socket.ts). Only that server's handler adds to the
// set, with the Request object it hands to the app; nothing a client sends can put a request in it.
const ADMIN_SOCKET_REQUESTS = new WeakSet<Request>();

export function markAdminSocketRequest(request: Request): Request {
  ADMIN_SOCKET_REQUESTS.add(request);
  return request;
}

export function isAdminSocketRequest(request: Request): boolean {
  return ADMIN_SOCKET_REQUESTS.has(request);
}
