// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Link, Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import { UNSAVED_CHANGES_TEXT, UnsavedChangesProvider } from '.';
import { useNavigateAfterSave, useUnsavedChangesGuard } from './use-unsaved-changes-guard';

afterEach(cleanup);

/** A form with one field: dirty once typed into; Save leaves for /list, Close runs `onClose`. */
function Form({ onClose }: { onClose: () => void }) {
  const [value, setValue] = useState('');
  const guard = useUnsavedChangesGuard(value !== '');
  const leaveSaved = useNavigateAfterSave();
  return (
    <>
      <input aria-label="Name" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={() => leaveSaved('/list')}>Save</button>
      <button onClick={() => guard.confirm(onClose)}>Close</button>
      <Link href="/elsewhere">Elsewhere</Link>
    </>
  );
}

function Where() {
  const [location] = useLocation();
  return <output data-testid="location">{location}</output>;
}

function renderForm() {
  const closed: string[] = [];
  const { hook } = memoryLocation({ path: '/form' });
  render(
    <AppProvider>
      <Router hook={hook}>
        <UnsavedChangesProvider>
          <Form onClose={() => closed.push('closed')} />
          <Where />
        </UnsavedChangesProvider>
      </Router>
    </AppProvider>,
  );
  return { closed };
}

const location = () => screen.getByTestId('location').textContent;
const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: text } });
const confirmation = () => screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title });
const noConfirmation = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
function unloadPrevented() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

it('lets an unchanged form go at once, and prevents nothing on unload', async () => {
  const { closed } = renderForm();
  expect(unloadPrevented()).toBe(false);
  fireEvent.click(screen.getByText('Close'));
  expect(closed).toEqual(['closed']);
  fireEvent.click(screen.getByText('Elsewhere'));
  expect(location()).toBe('/elsewhere');
  await noConfirmation();
});

it('asks before a link leaves a changed form: Stay keeps it, Discard goes', async () => {
  renderForm();
  type('Chéchia');
  fireEvent.click(screen.getByText('Elsewhere'));
  const dialog = await confirmation();
  expect(dialog.textContent).toContain(UNSAVED_CHANGES_TEXT.description);
  expect(location()).toBe('/form');

  fireEvent.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
  await noConfirmation();
  expect(location()).toBe('/form');
  expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Chéchia');

  fireEvent.click(screen.getByText('Elsewhere'));
  await confirmation();
  fireEvent.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
  await waitFor(() => expect(location()).toBe('/elsewhere'));
});

it('asks before closing a changed form, and closes only on Discard', async () => {
  const { closed } = renderForm();
  type('Chéchia');
  fireEvent.click(screen.getByText('Close'));
  await confirmation();
  expect(closed).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
  await noConfirmation();
  expect(closed).toEqual(['closed']);
});

it('prevents unloading while changed, and leaves after a save without asking', async () => {
  renderForm();
  type('Chéchia');
  expect(unloadPrevented()).toBe(true);
  // The Back button has an entry to undo: the guard's own, at the same address.
  expect(window.history.state).toMatchObject({ __unsavedChangesTrap: true });
  act(() => {
    fireEvent.click(screen.getByText('Save'));
  });
  expect(location()).toBe('/list');
  await noConfirmation();
  cleanup();
  expect(unloadPrevented()).toBe(false);
});
