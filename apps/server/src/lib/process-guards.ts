/**
 * The server never exits because of one request, socket, job or child process (decision 0081).
 * Node's default for an unhandled rejection or an uncaught exception is to exit; every request,
 * socket message and job already has its own try/catch, so what reaches these handlers is a stray
 * callback (a library timer, a destroyed stream). It is logged with the redacting error serializer
 * and the process carries on; the health check and the process supervisor remain the backstop.
 */
type Log = { error: (obj: object, msg: string) => void };

let installed = false;

export function installProcessGuards(log: Log): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (kept running)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.error({ err, origin }, 'uncaught exception (kept running)');
  });
}
