import { Box, Code, Stack, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { padded } from '@/testing/padded';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SimpleProductInventory } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { variants } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectToast, mockedBy } from '@/testing/story';
import { afterRequestsSentSoFar, withFakeTimers } from '@/testing/waits';
import { SimpleInventoryCard } from './SimpleInventoryCard';

const LIST = '/api/v1/admin/variants/';
const INVENTORY = '/api/v1/admin/variants/8/inventory';
const VARIANT = '/api/v1/admin/variants/8';

/** The card with a visible echo of the last `onUnsavedChange` call (what the product form gets). */
function CardWithEcho({ productId }: { productId: number }) {
  const [last, setLast] = useState<SimpleProductInventory | null>(null);
  const [calls, setCalls] = useState(0);
  return (
    <Stack gap="4">
      <SimpleInventoryCard
        productId={productId}
        onUnsavedChange={(inventory) => {
          setLast(inventory);
          setCalls((n) => n + 1);
        }}
      />
      <Box>
        <Text fontSize="sm" color="fg.muted">
          onUnsavedChange calls: <span data-testid="unsaved-calls">{calls}</span>
        </Text>
        <Code display="block" whiteSpace="pre-wrap" p="2" data-testid="unsaved-echo">
          {last ? JSON.stringify(last) : 'none'}
        </Code>
      </Box>
    </Stack>
  );
}

/** Inventory card of a simple product (product 2, the olive oil: default variant 8). */
const meta = {
  title: 'Variants/SimpleInventoryCard',
  component: CardWithEcho,
  args: { productId: 2 },
  parameters: { auth: { userType: 'admin', user: adminUser } },
  decorators: [padded('3xl')],
} satisfies Meta<typeof CardWithEcho>;
export default meta;
type Story = StoryObj<typeof meta>;

async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvas.getByLabelText('SKU')).toHaveValue('HUILE-1L'));
  return canvas;
}

/** The default variant's settings, looked up with page_size 1. */
export const WithDefaultVariant: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByLabelText('Barcode')).toHaveValue('6191234000202');
    await expect(canvas.getByLabelText('Stock Quantity')).toHaveValue(140);
    await expect(canvas.getByLabelText('Low Stock Threshold')).toHaveValue(20);
    await expect(canvas.getByLabelText('Weight (kg)')).toHaveValue(1.1);
    await expect(canvas.getByLabelText('Track Inventory')).toBeChecked();
    await expect(canvas.getByLabelText('Allow Backorder')).not.toBeChecked();
    await expect(canvas.getByText('Changes are saved automatically.')).toBeVisible();
    const [lookup] = await requests.waitFor('GET', LIST);
    await expect(lookup?.query).toEqual({ product_id: '2', page_size: '1' });
  },
};

/**
 * A change is saved 1 s after the last one (nothing is sent before), 'Saving...' shows while the
 * call runs, and only the inventory call carries stock changes.
 */
export const AutosaveAfterOneSecond: Story = {
  parameters: mockedBy(variants.inventory.delayed(600)),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const stock = canvas.getByLabelText('Stock Quantity');
    await userEvent.clear(stock);
    await userEvent.type(stock, '150');
    const typedAt = Date.now();
    // Nothing yet; and the first call to come arrives a second after the typing, so none came
    // earlier (no sleep: the arrival time is the proof).
    await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
    const [call] = await requests.waitFor('PATCH', INVENTORY, { timeout: 2000 });
    await expect(Date.now() - typedAt).toBeGreaterThanOrEqual(950);
    await expect(call?.body).toEqual({ stock_quantity: 150 });
    await expect(await canvas.findByText('Saving...')).toBeVisible();
    await expectToast('Success', 'Inventory settings saved successfully', 'success');
    await waitFor(() => expect(canvas.queryByText('Saving...')).toBeNull());
    await expect(requests.to('PATCH', VARIANT)).toHaveLength(0);
    await expect(requests.to('PATCH', INVENTORY)).toHaveLength(1);
    await expect(canvas.getByTestId('unsaved-calls')).toHaveTextContent('0');
  },
};

/** A cleared stock is no value yet: nothing is saved while the field stays empty (docs/product.md §5). */
export const ClearedStockWaits: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const stock = canvas.getByLabelText('Stock Quantity');
    await withFakeTimers(async (clock) => {
      await userEvent.clear(stock);
      await expect(stock).toHaveValue(null);
      await expect(stock).toHaveFocus();
      // Well past the autosave second (every timer due by then has run, and what it sent has
      // arrived): still nothing sent, and the field is still empty.
      await clock.tickAsync(1500);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
      await expect(requests.to('PATCH', VARIANT)).toHaveLength(0);
      await expect(stock).toHaveValue(null);
      await expect(canvas.queryByText('Saving...')).toBeNull();
      // The stored value again: nothing to save, now or when the story unmounts.
      await userEvent.type(stock, '140');
      await clock.tickAsync(1200);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
    });
  },
};

/** Leaving the cleared field makes it 0, and that 0 is saved (once). */
export const ClearedStockBecomesZeroOnBlur: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const stock = canvas.getByLabelText('Stock Quantity');
    await userEvent.clear(stock);
    await userEvent.tab();
    await expect(stock).not.toHaveFocus();
    await waitFor(() => expect(stock).toHaveValue(0));
    const [call] = await requests.waitFor('PATCH', INVENTORY, { timeout: 3000 });
    await expect(call?.body).toEqual({ stock_quantity: 0 });
    await expectToast('Success', 'Inventory settings saved successfully', 'success');
    await expect(requests.to('PATCH', INVENTORY)).toHaveLength(1);
    await expect(requests.to('PATCH', VARIANT)).toHaveLength(0);
  },
};

/** A cleared field waits; typing a value then saves it 1 s later, as any change. */
export const ClearedThenTyped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const threshold = canvas.getByLabelText('Low Stock Threshold');
    await withFakeTimers(async (clock) => {
      await userEvent.clear(threshold);
      await clock.tickAsync(1200);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
      await userEvent.type(threshold, '12');
      // The fake clock moves with real time from here on, never faster: the second is a real one.
      const typedAt = Date.now();
      const [call] = await requests.waitFor('PATCH', INVENTORY, { timeout: 3000 });
      await expect(Date.now() - typedAt).toBeGreaterThanOrEqual(950);
      await expect(call?.body).toEqual({ low_stock_threshold: 12 });
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(1);
    });
  },
};

/** Each change restarts the second: three quick changes make one save with the last values. */
export const AutosaveDebounce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const threshold = canvas.getByLabelText('Low Stock Threshold');
    await withFakeTimers(async (clock) => {
      await userEvent.clear(threshold);
      await userEvent.type(threshold, '25');
      await clock.tickAsync(600);
      await userEvent.click(canvas.getByLabelText('Allow Backorder'));
      // 1.2 s after the first change, 0.6 s after the last one.
      await clock.tickAsync(600);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
      await clock.tickAsync(400);
      const [call] = await requests.waitFor('PATCH', INVENTORY, { timeout: 2000 });
      await expect(call?.body).toEqual({ low_stock_threshold: 25, allow_backorder: true });
      await expectToast('Success', 'Inventory settings saved successfully');
      await clock.tickAsync(1200);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', INVENTORY)).toHaveLength(1);
    });
  },
};

/** SKU, barcode and weight go to PATCH /admin/variants/{id}; a cleared one is sent as null. */
export const AutosaveDetails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.clear(canvas.getByLabelText('SKU'));
    await userEvent.type(canvas.getByLabelText('SKU'), ' HUILE-1L-V2 ');
    await userEvent.clear(canvas.getByLabelText('Barcode'));
    const [call] = await requests.waitFor('PATCH', VARIANT, { timeout: 3000 });
    await expect(call?.body).toEqual({ sku: 'HUILE-1L-V2', barcode: null });
    await expectToast('Success', 'Inventory settings saved successfully');
    await expect(requests.to('PATCH', INVENTORY)).toHaveLength(0);
  },
};

export const AutosaveFailure: Story = {
  parameters: mockedBy(variants.inventory.networkError()),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.click(canvas.getByLabelText('Track Inventory'));
    const [call] = await requests.waitFor('PATCH', INVENTORY, { timeout: 3000 });
    await expect(call?.body).toEqual({ track_inventory: false });
    await expectToast('Error', 'Failed to save inventory settings', 'error');
  },
};

export const AutosaveServerError: Story = {
  parameters: mockedBy(variants.update.error(409, "SKU 'HARISSA-200' is already used")),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.clear(canvas.getByLabelText('SKU'));
    await userEvent.type(canvas.getByLabelText('SKU'), 'HARISSA-200');
    await expectToast('Error', "SKU 'HARISSA-200' is already used", 'error');
  },
};

/** No default variant yet: nothing is saved here; each change goes to the product form. */
export const WithoutDefaultVariant: Story = {
  args: { productId: 6 },
  parameters: mockedBy(variants.list([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('These settings are saved with the product.'),
    ).toBeVisible();
    await withFakeTimers(async (clock) => {
      await expect(canvas.getByLabelText('SKU')).toHaveValue('');
      await expect(canvas.getByLabelText('Stock Quantity')).toHaveValue(0);
      await expect(canvas.getByLabelText('Low Stock Threshold')).toHaveValue(5);
      await expect(canvas.getByTestId('unsaved-echo')).toHaveTextContent('none');

      await userEvent.type(canvas.getByLabelText('SKU'), 'BSE-250');
      await userEvent.clear(canvas.getByLabelText('Stock Quantity'));
      await userEvent.type(canvas.getByLabelText('Stock Quantity'), '30');
      await userEvent.type(canvas.getByLabelText('Weight (kg)'), '0.25');
      await userEvent.click(canvas.getByLabelText('Allow Backorder'));
      await expect(JSON.parse(canvas.getByTestId('unsaved-echo').textContent ?? '')).toEqual({
        sku: 'BSE-250',
        barcode: null,
        stock_quantity: 30,
        low_stock_threshold: 5,
        track_inventory: true,
        allow_backorder: true,
        weight: 0.25,
      });
      await expect(Number(canvas.getByTestId('unsaved-calls').textContent)).toBeGreaterThan(5);
      // Past the autosave second: nothing is saved here.
      await clock.tickAsync(1200);
      await afterRequestsSentSoFar();
      await expect(requests.to('PATCH', /\/admin\/variants\//)).toHaveLength(0);
    });
  },
};

export const Loading: Story = {
  parameters: mockedBy(variants.list.loading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading inventory...')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: mockedBy(variants.list.error(403, 'Not enough permissions')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load inventory settings')).toBeVisible();
    await expect(canvas.getByText('Not enough permissions')).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};
