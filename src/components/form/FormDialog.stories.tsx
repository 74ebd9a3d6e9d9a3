import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { object, string } from 'yup';
import { findOpenDialog } from '@/testing/story';
import { FormDialog } from './FormDialog';
import { TextField } from './fields';
import { useFormDialog } from './use-form-dialog';
import { validationSummary } from './validation';

const OPTIONAL = [
  'Brand',
  'Colour',
  'Size',
  'Material',
  'Origin',
  'Notes',
  'Barcode',
  'Supplier',
] as const;
type Values = Record<'name' | (typeof OPTIONAL)[number], string>;
const EMPTY = Object.fromEntries(['name', ...OPTIONAL].map((key) => [key, ''])) as Values;
const schema = object({ name: string().trim().required('Name is required') });

/** A dialog whose one required field sits below many optional ones, out of view at first. */
function LongFormDialog() {
  const form = useFormDialog<null, Values>(
    { open: true, item: null, onSubmit: () => Promise.resolve(), onClose: () => undefined },
    {
      values: { empty: EMPTY, of: () => EMPTY },
      validate: (values) =>
        validationSummary(schema, values, {
          requiredSummary: 'Please fill in the required fields',
        }),
      titles: ['Create Item', 'Edit Item'],
    },
  );
  return (
    <FormDialog {...form.dialog}>
      {OPTIONAL.map((label) => (
        <TextField key={label} label={label} {...form.bind(label)} />
      ))}
      <TextField label="Name" required {...form.bind('name')} />
    </FormDialog>
  );
}

const meta = {
  title: 'Forms/FormDialog',
  render: () => <LongFormDialog />,
  globals: { viewport: { value: 'mobile375', isRotated: false } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** An invalid submit scrolls to the first invalid field and focuses it, its message read with it. */
export const InvalidSubmitFocusesFirstError: Story = {
  play: async () => {
    const dialog = within(await findOpenDialog('Create Item'));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Name is required')).toBeVisible();
    const box = name.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
