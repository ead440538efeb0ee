import { css } from 'styled-components';

/** The raised panel every popup of the overlay layer opens in, just under its trigger. */
export const popupSurface = css`
  position: absolute;
  top: 100%;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;
