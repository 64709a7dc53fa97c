import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Runs before every unit file. Vitest runs without globals, so Testing Library's automatic
// cleanup is wired here: per file, because a shared worker imports renderUi only once and an
// afterEach registered there would reach its first file alone (the next file found the last
// one's screen still in the document).
afterEach(() => cleanup());
