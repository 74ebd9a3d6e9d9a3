// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, expect, it } from 'vitest';
import { shopSettings } from '@mocks/fixtures/settings';
import { settings } from '@mocks/handlers';
import { requests, server } from '@mocks/node';
import { withMockApi } from '@/testing/mock-api';
import { formatDateTime, setShopTimeZone } from '@/lib/format';
import { ShopTimeZone } from './ShopTimeZone';

withMockApi();
afterEach(() => {
  cleanup();
  setShopTimeZone(null);
});

const SETTINGS = '/api/v1/admin/settings/shop';
const AT = '2025-03-14T08:12:00Z';

/** A screen that shows a time (formatted as it renders). */
function Shown() {
  return <output>{formatDateTime(AT)}</output>;
}

function renderShown() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ShopTimeZone>
        <Shown />
      </ShopTimeZone>
    </SWRConfig>,
  );
}

it('shows times in Tunis until the settings come, then in the shop’s zone', async () => {
  server.use(settings.get({ ...shopSettings, time_zone: 'Europe/London' }));
  renderShown();
  expect(screen.getByRole('status').textContent).toBe('14 Mar 2025, 09:12');
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('14 Mar 2025, 08:12'));
  expect(requests.to('GET', SETTINGS)).toHaveLength(1);
});

it('keeps the default zone when the settings cannot be read', async () => {
  server.use(settings.get.error(500));
  renderShown();
  await waitFor(() => expect(requests.to('GET', SETTINGS)).toHaveLength(1));
  expect(screen.getByRole('status').textContent).toBe('14 Mar 2025, 09:12');
});
