import type { NavIcon as NavIconName } from '../navigation';

// 24 px line icons for the navigation drawer, drawn with a 2 px stroke in the text colour so
// they read in the sun like the label beside them.
const PATHS: Record<NavIconName, string[]> = {
  orders: ['M9 4h6', 'M8 4H6a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-2', 'M9 3h6v3H9z', 'M8 11h8', 'M8 15h8'],
  map: ['M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2z', 'M9 4v14', 'M15 6v14'],
  scheduled: ['M4 6a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z', 'M4 10h16', 'M8 3v4', 'M16 3v4', 'M9 15l2 2 4-4'],
  notifications: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0'],
  deliveryLog: ['M3 7h11v9H3z', 'M14 10h4l3 3v3h-7', 'M7 19a2 2 0 1 0 0-.01', 'M17 19a2 2 0 1 0 0-.01'],
  settings: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M12 2v3',
    'M12 19v3',
    'M2 12h3',
    'M19 12h3',
    'M4.9 4.9l2.1 2.1',
    'M17 17l2.1 2.1',
    'M4.9 19.1 7 17',
    'M17 7l2.1-2.1',
  ],
  support: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H5a1 1 0 0 1-1-1z', 'M20 14h-3v5h2a1 1 0 0 0 1-1z', 'M17 19a4 4 0 0 1-4 2h-1'],
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
