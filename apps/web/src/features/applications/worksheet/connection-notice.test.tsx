import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { setApplicationLive } from '../../../lib/application-watch.ts';
import { setHubState, type HubState } from '../../../lib/hub-state.ts';
import { toasts } from '../../../lib/toast.tsx';
import { ConnectionNotice, useWorksheetConnection } from './connection-notice.tsx';

/**
 * A worksheet's connection notices and editing lock (issue 31 item 5; spec 1 §4, §8 — the texts exactly): the
 * browser test (e2e real-time.spec.ts) cuts a real connection; here the states it cannot reach quickly (the
 * attempts spent) and the order of precedence.
 */
const ID = 7;

const Worksheet = ({ unreachable = false }: { unreachable?: boolean }) => {
  const connection = useWorksheetConnection(ID);
  return (
    <>
      <ToastContainer />
      <output data-testid="state">{`${connection.locked ? 'locked' : 'editable'} ${connection.poll ? 'polls' : 'no poll'} ${connection.lockedReason ?? ''}`}</output>
      <ConnectionNotice hub={connection.hub} room={connection.room} unreachable={unreachable} />
    </>
  );
};

const become = (state: HubState) => act(() => setHubState(state));
const notice = () => screen.queryByTestId('connection-notice')?.textContent ?? null;
const state = () => screen.getByTestId('state').textContent;

describe('the worksheet connection notice', () => {
  afterEach(async () => {
    await act(() => {
      setHubState('off');
      setApplicationLive(ID, undefined);
      toasts.dismissAll();
    });
  });

  it('locks editing while reconnecting, says so, and confirms the reconnection with the two spaces', async () => {
    render(<Worksheet />);
    await become('connected');
    await act(() => setApplicationLive(ID, 'live'));
    expect(notice()).toBeNull();
    expect(state()).toBe('editable no poll ');

    await become('reconnecting');
    expect(notice()).toBe('Please wait. System reconnecting. Application is locked and cannot be edited.');
    expect(state()).toBe(
      'locked no poll Please wait. System reconnecting. Application is locked and cannot be edited.',
    );

    await become('connected');
    expect(notice()).toBeNull();
    const restored = await screen.findByText(/^Connection restored\./);
    expect(restored.textContent).toBe('Connection restored.  Application is now unlocked');
    expect(state()).toBe('editable no poll ');
  });

  it('stays locked with an error once the attempts are spent', async () => {
    render(<Worksheet />);
    await become('connected');
    await become('reconnecting');
    await become('failed');
    expect(notice()).toBe('Unable to reconnect. Please press F5 to refresh');
    expect(state()).toBe('locked no poll Unable to reconnect. Please press F5 to refresh');
    expect(screen.queryByText(/^Connection restored\./)).toBeNull();
  });

  it('a refused join says to navigate away and back and polls; a server out of reach says F5 first', async () => {
    const { rerender } = render(<Worksheet />);
    await become('connected');
    await act(() => setApplicationLive(ID, 'refused'));
    expect(notice()).toBe('Communication with server has been lost. Please navigate away and back to this page.');
    expect(state()).toBe('editable polls ');
    rerender(<Worksheet unreachable />);
    expect(notice()).toBe(
      'Communication with server has been lost. Please press F5 to refresh if this message persists.',
    );
  });
});
