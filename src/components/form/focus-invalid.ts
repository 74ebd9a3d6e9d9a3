/** How long a form's validation may take to mark its fields (yup runs asynchronously in Formik). */
const SETTLE_MS = 1000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The form's first control marked invalid, in document order (fields tied by `form=` included). */
function firstInvalid(form: HTMLFormElement): HTMLElement | undefined {
  return Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element.getAttribute('aria-invalid') === 'true',
  );
}

/**
 * After an invalid submit, the first invalid field is scrolled to the middle of the screen (clear
 * of the sticky header) and focused, so its message is seen and read out. Call it from the submit
 * handler, with the validation's promise when it is asynchronous; nothing happens when the form
 * turns out valid.
 */
export async function focusFirstInvalidField(
  form: HTMLFormElement,
  validated: Promise<unknown> = Promise.resolve(),
): Promise<void> {
  await validated;
  const deadline = performance.now() + SETTLE_MS;
  // The messages render on the next commit: wait for them, briefly.
  while (performance.now() < deadline) {
    await nextFrame();
    const field = firstInvalid(form);
    if (field) {
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
      return;
    }
  }
}
