// Webhooks (#31; services/webhooks/, docs/product.md §10.32): endpoints that receive the shop's
// events, signed per Standard Webhooks, and the deliveries to them.
// - webhook_endpoints.secret: the signing secret (`whsec_` + base64 of 32 bytes) in clear: the
//   server signs every delivery with it, so it cannot be hashed (backups hold it, as they hold
//   secrets.json); events: JSON array of event types; enabled 0/1; disabled_at: when the server
//   disabled it after 24 hours of failures; failing_since: the first failure since the last
//   success.
// - webhook_deliveries: one event for one endpoint. Written in the transaction of the write that
//   raised the event, with the job that sends it (the outbox: a rolled-back write leaves neither).
//   event_id is the webhook-id header (the same on every attempt); payload the exact body sent.
//   variant_id: a stock event's variant, whose data the first attempt fills in (the stock ledger
//   cannot present a variant: catalogue/variants.ts builds on it), then null.
//   Deleting an endpoint deletes its deliveries.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId, withTimestamps } from './helpers';

export function webhooks(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(
        withId(db.schema.createTable('webhook_endpoints'), dialect)
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('events', 'text', (c) => c.notNull())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('disabled_at', 'text')
          .addColumn('failing_since', 'text'),
        dialect,
      ).execute();
      await withTimestamps(
        withId(db.schema.createTable('webhook_deliveries'), dialect)
          .addColumn('endpoint_id', 'integer', (c) =>
            c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
          )
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('variant_id', 'integer')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('response_code', 'integer')
          .addColumn('duration_ms', 'integer')
          .addColumn('error', 'text')
          .addColumn('next_attempt_at', 'text')
          .addColumn('last_attempt_at', 'text'),
        dialect,
        ['created_at'],
      ).execute();
      // An endpoint's deliveries, newest first (the list), and by status (its filter).
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
