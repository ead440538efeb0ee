import type { Services } from './context.ts';

/** There is no mail server: codes go to the outbox table and the log, where the operator reads them. */
export async function deliver(
  services: Services,
  recipient: string,
  subject: string,
  body: string,
  code?: string,
): Promise<void> {
  await services.store.queueMessage(recipient, subject, body, code);
  services.options.log(
    `[identity] outbox: to=${recipient} subject="${subject}"${code ? ` code=${code}` : ''}`,
  );
}
