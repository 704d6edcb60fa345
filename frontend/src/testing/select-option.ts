import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the Radix Select labelled `label` (inside `container`, else anywhere) and picks the option named `option`. */
export const selectOption = async (label: string, option: string, container: HTMLElement = document.body) => {
  await userEvent.click(within(container).getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

/** The option names a Radix Select offers; it is opened, read and closed again. */
export const optionsOf = async (label: string, container: HTMLElement = document.body) => {
  await userEvent.click(within(container).getByLabelText(label));
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
};
