import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pollPendingCheckouts } from './online';
import type { PaymentProvider } from './providers/payment-provider';

/** How often pending online payments are asked about (docs/decisions/039-online-dues-payments.md). */
const POLL_INTERVAL_MS = 5 * 60_000;

/**
 * Asks the gateway about pending checkouts every few minutes in every server process (not in
 * tests, which call pollPendingCheckouts themselves), so a payment whose webhook was lost is still
 * recorded. Applying is idempotent, so processes polling together record each payment once.
 */
export const checkoutPollPlugin = fp(
  async (
    app: FastifyInstance,
    { db, config, provider }: { db: Db; config: Config; provider: PaymentProvider },
  ) => {
    if (config.environment === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const { checked, applied } = await pollPendingCheckouts({ db, config, provider }, { log: app.log });
        if (applied > 0) {
          app.log.info({ checked, applied }, 'pending online payments checked');
          app.mailWorker.poke();
        }
      } catch (error) {
        app.log.error({ err: error }, 'checking pending online payments failed');
      }
      timer = setTimeout(run, POLL_INTERVAL_MS).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(run, POLL_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  },
  { name: 'checkout-poll', dependencies: ['mail-worker'] },
);
