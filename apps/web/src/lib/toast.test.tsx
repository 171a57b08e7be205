import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { toasts } from './toast.tsx';

/**
 * The toast stack's rules (issue 29, item 14): the same toast again is one toast with a count; a new toast sends a
 * confirmation on screen away, never a message to read, a warning or an error — the inactivity sign-out shows
 * 'logged out due to inactivity' and 'Your changes have not been saved' together.
 */
const shown = (text: string) => screen.queryByText(text);
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
/**
 * Lets react-toastify apply what was asked (an update after 100 ms), ends the toasts' animations (happy-dom runs no
 * CSS animation) and waits for a leaving toast's 300 ms collapse.
 */
const settle = async () => {
  await wait(120);
  await act(() => {
    for (const node of document.querySelectorAll('.Toastify__toast')) fireEvent.animationEnd(node);
  });
  await wait(400);
};

describe('toasts', () => {
  afterEach(async () => {
    await act(() => toasts.dismissAll());
    await settle();
  });

  it('the same toast twice is one toast counting ×2', async () => {
    render(<ToastContainer />);
    await act(() => toasts.success('Saved', 'Requirement Saved'));
    await settle();
    await act(() => toasts.success('Saved', 'Requirement Saved'));
    await settle();
    expect(screen.getAllByText('Requirement Saved')).toHaveLength(1);
    expect(screen.getByTestId('toast-count').textContent).toBe(' ×2');
  });

  it('a new toast sends a confirmation away', async () => {
    render(<ToastContainer />);
    await act(() => toasts.success('Saved', 'Branch Saved'));
    await settle();
    await act(() => toasts.error('Validation Error', 'Name is required'));
    await settle();
    expect(shown('Name is required')).not.toBeNull();
    expect(shown('Branch Saved')).toBeNull();
  });

  it('a message to read stays when a warning follows it', async () => {
    render(<ToastContainer />);
    await act(() => {
      toasts.info('Signed Out', 'You have been logged out due to inactivity');
      toasts.warning('Unsaved Changes', 'Your changes have not been saved');
    });
    await settle();
    expect(shown('You have been logged out due to inactivity')).not.toBeNull();
    expect(shown('Your changes have not been saved')).not.toBeNull();
  });
});
