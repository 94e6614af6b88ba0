// Telling a lost database connection from any other failure (issue 13, "Faults"): the server
// restarting or failing over, a connection cut (`pg_terminate_backend`, a network drop), or no
// connection to be had. Such a request changed nothing (its transaction never committed) and
// may be sent again: the error handler answers 503 with a French detail and `Retry-After`,
// never a 500. Drizzle wraps the driver's error (`DrizzleQueryError`, its `cause`), and a
// transaction whose connection died fails again on its `rollback`: the causes are walked.

/** SQLSTATE classes and codes of a lost or refused connection. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
]);

/** What node-postgres and pg-pool say when the socket is gone or cannot be had. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/** Socket errors met when connecting to (or talking with) the database server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Seconds a client should wait before sending the request again. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** True when `error` (or one of its causes) is a lost or refused database connection. */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message, syscall } = current as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && CONNECTION_SQLSTATES.has(code)) return true;
    // A socket error of the database driver (a disk error names its system call: open, write...).
    if (typeof code === 'string' && SOCKET_CODES.has(code) && (syscall === undefined || syscall === 'connect' || syscall === 'read' || syscall === 'write')) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

