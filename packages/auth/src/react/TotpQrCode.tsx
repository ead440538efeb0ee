import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';

const Frame = styled.div`
  width: 200px;
  max-width: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  /* A QR code is read dark on light, in either theme. */
  background: #fff;

  img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

/**
 * An otpauth:// address as a QR code an authenticator app scans: drawn as SVG by the `qrcode`
 * package (loaded with this module, only when an enrolment shows one).
 */
export default function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 })
      .then((markup) => current && setSvg(markup))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [uri]);
  if (failed) return null;
  return (
    <Frame>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={label}
          width={200}
          height={200}
          data-testid={testIds.flow.totpQrCode}
        />
      ) : null}
    </Frame>
  );
}
