import { act } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { emptyCustomerDraft, ensureDeliveryDoc, type CustomerDraft, type Session } from '../../src/db';
import { getBlobStore, getDatabase } from '../../src/db/browserDatabase';
import type { CustomerDeliveryDetails } from '../../src/domain';
import { CustomerDeliveryForm } from '../../src/ui/components/CustomerDeliveryForm';
import { SessionContext } from '../../src/ui/hooks/useAuth';
import { renderUi } from './renderUi';

// The customer delivery form on a real PWADB in a fake IndexedDB, for component tests. The
// test file mocks '../../src/db/browserDatabase' with '../support/uiDatabase' and the sync
// worker's client (vi.mock is hoisted per file, so it stays there).

/** The signed-in driver the form writes for. */
export const uiSession: Session = {
  token: 'test-token',
  claims: { company_id: 1, account_id: 7, role: 'driver', exp: 4_102_444_800, company: 'Summit Barns', name: 'Dan Driver', email: 'dan@example.com' },
};

/** The delivery details stored as the pull would, then the form rendered over them. */
export async function showCustomerForm(orderId: number, details: CustomerDeliveryDetails, draft: CustomerDraft = emptyCustomerDraft()): Promise<void> {
  const db = await getDatabase();
  const doc = await ensureDeliveryDoc(db, uiSession, 'customer', orderId);
  await doc.incrementalModify((data) => ({ ...data, server: { ...details, customer_order_id: orderId } }));
  await act(async () => {
    renderUi(
      <MemoryRouter>
        <SessionContext value={uiSession}>
          <Suspense fallback={<p>loading</p>}>
            <CustomerDeliveryForm orderId={orderId} details={details} draft={draft} savedChecks={[]} locked={false} />
          </Suspense>
        </SessionContext>
      </MemoryRouter>,
    );
    await Promise.all([getDatabase(), getBlobStore()]);
  });
}
