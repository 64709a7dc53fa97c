// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useScreenCodeAhead } from '../../src/ui/hooks/useScreenCodeAhead';
import { screenCode } from '../../src/ui/screenCode';

// A lazy screen behind a boundary that suspends first (the Shell's ChakraScreens) is asked for
// while the boundary's own code loads, not after it (issue 24: the first tap on a card), and
// its chunk once, however many ask.

/** A chunk that arrives when the test says. */
function chunk<T>() {
  let arrive: (value: T) => void = () => undefined;
  const load = vi.fn(() => new Promise<T>((resolve) => (arrive = resolve)));
  return { load, arrive: (value: T) => arrive(value) };
}

function app(ahead: boolean) {
  const frame = chunk<{ default: ComponentType<{ children?: React.ReactNode }> }>();
  const Frame = lazy(frame.load);
  const order = chunk<{ default: ComponentType }>();
  const code = screenCode(order.load);
  function Layout() {
    useScreenCodeAhead(ahead);
    return (
      <Suspense fallback={<p>Loading</p>}>
        <Frame>
          <Outlet />
        </Frame>
      </Suspense>
    );
  }
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ path: '/order', element: <code.Component />, handle: { title: 'orderDetails', load: code.load } }] }],
    {
      initialEntries: ['/order'],
    },
  );
  render(<RouterProvider router={router} />);
  return { frame, order };
}

describe('useScreenCodeAhead', () => {
  it("asks for the screen's code while its frame's code loads; the screen's chunk is asked for once", async () => {
    const { frame, order } = app(true);
    await screen.findByText('Loading');
    expect(frame.load).toHaveBeenCalledTimes(1);
    expect(order.load).toHaveBeenCalledTimes(1);
    order.arrive({ default: () => <p>Order 7</p> });
    frame.arrive({ default: ({ children }) => <div>{children}</div> });
    expect(await screen.findByText('Order 7')).toBeTruthy();
    // React.lazy rendered the screen on the same load.
    expect(order.load).toHaveBeenCalledTimes(1);
  });

  it('without it the screen is asked for only once its frame has arrived', async () => {
    const { frame, order } = app(false);
    await screen.findByText('Loading');
    expect(order.load).not.toHaveBeenCalled();
    frame.arrive({ default: ({ children }) => <div>{children}</div> });
    await vi.waitFor(() => expect(order.load).toHaveBeenCalledTimes(1));
  });
});
