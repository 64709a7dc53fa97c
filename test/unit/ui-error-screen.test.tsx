// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ErrorScreen from '../../src/ui/routes/ErrorScreen';
import { renderUi } from '../support/renderUi';

// SPEC §2's generic error screen under a route that fails while rendering: the title, SPEC §8's
// fallback text, what the failure says (if anything) and the way back Home.
function showFailure(thrown: unknown): void {
  const Broken = () => {
    throw thrown;
  };
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
  renderUi(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorScreen (SPEC §2, §8)', () => {
  it("an exception: 'Something went wrong', 'There was an error', its message, and Back to Home Page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showFailure(new TypeError("Cannot read properties of undefined (reading 'length')"));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('There was an error')).toBeTruthy();
    expect(screen.getByText("Cannot read properties of undefined (reading 'length')")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home Page' })).toBeTruthy();
  });

  it('a failure that says nothing about itself shows the fallback text alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showFailure({ code: 7 });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    const main = screen.getByTestId('error-screen');
    expect(main.querySelectorAll('p')).toHaveLength(1);
    expect(main.querySelector('p')?.textContent).toBe('There was an error');
    expect(screen.getByRole('button', { name: 'Back to Home Page' })).toBeTruthy();
  });
});
