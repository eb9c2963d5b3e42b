import { WALL_TOKEN_PARAM } from '@depot/contracts';
import { useLocation, useParams } from 'react-router';
import { RequireSession } from '../../../session/RequireSession';
import { WallScreenPage } from './WallScreenPage';

/** The wall-screen token in the address's fragment (`#wall=<token>`), which browsers never send to a server. */
export function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(WALL_TOKEN_PARAM);
  return token ? token : null;
}

/**
 * `/operatingModule/wall/:terminal` (decision 0129): with a wall-screen link's token, the screen itself, without
 * sign-in; without one, the signed-in panel's guard (staff who scan or watch wall screens), then the screen.
 */
export function WallScreenRoute() {
  const { hash } = useLocation();
  const { terminal = '' } = useParams();
  const token = tokenOfHash(hash);
  if (token) return <WallScreenPage terminal={terminal} auth={{ kind: 'link', token }} />;
  return <RequireSession />;
}

/** The screen for a signed-in person (the route's child behind RequireSession and the permission check). */
export function SignedInWallScreen() {
  const { terminal = '' } = useParams();
  return <WallScreenPage terminal={terminal} auth={{ kind: 'session' }} />;
}
