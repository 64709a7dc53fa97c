// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TEXT } from '../../src/domain';
import { DeliverFooter } from '../../src/ui/components/DeliverFooter';
import { minTargetHeightPx, renderUi } from '../support/renderUi';

const deliverButton = () => screen.getByRole('button', { name: /deliver|queueing/i });

describe('DeliverFooter (the end of every delivery form)', { timeout: 20_000 }, () => {
  it('offers Deliver and calls the form when pressed, with no error shown', () => {
    const onDeliver = vi.fn();
    renderUi(<DeliverFooter otherErrors={[]} locked={false} submitting={false} onDeliver={onDeliver} />);
    expect(deliverButton()).toHaveProperty('disabled', false);
    expect(deliverButton().textContent).toBe('Deliver');
    expect(document.querySelector('.chakra-alert__root')).toBeNull();
    fireEvent.click(deliverButton());
    expect(onDeliver).toHaveBeenCalledTimes(1);
  });

  it('stays available offline: a delivery is queued, never refused for want of a connection', () => {
    const onDeliver = vi.fn();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      renderUi(<DeliverFooter otherErrors={[]} locked={false} submitting={false} onDeliver={onDeliver} />);
      fireEvent.click(deliverButton());
      expect(onDeliver).toHaveBeenCalledTimes(1);
    } finally {
      online.mockRestore();
    }
  });

  it('shows every error that belongs to no field, in SPEC §8 wording, above Deliver', () => {
    renderUi(<DeliverFooter otherErrors={['DeliveryPhotoRequired', 'DeliverySignatureRequired']} locked={false} submitting={false} onDeliver={() => {}} />);
    const alert = screen.getByText(`${ERROR_TEXT.DeliveryPhotoRequired}. ${ERROR_TEXT.DeliverySignatureRequired}`);
    expect(alert.compareDocumentPosition(deliverButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('while queueing shows "Queueing" and takes no second press', () => {
    const onDeliver = vi.fn();
    renderUi(<DeliverFooter otherErrors={[]} locked={false} submitting onDeliver={onDeliver} />);
    const button = deliverButton();
    expect(button.textContent).toContain('Queueing');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onDeliver).not.toHaveBeenCalled();
  });

  it('hides Deliver once the delivery is queued (locked), keeping the errors', () => {
    renderUi(<DeliverFooter otherErrors={['GeneralError']} locked submitting={false} onDeliver={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(ERROR_TEXT.GeneralError)).toBeTruthy();
  });

  it('is a large touch target (at least 48 px tall)', () => {
    renderUi(<DeliverFooter otherErrors={[]} locked={false} submitting={false} onDeliver={() => {}} />);
    expect(minTargetHeightPx(deliverButton())).toBeGreaterThanOrEqual(48);
  });
});
