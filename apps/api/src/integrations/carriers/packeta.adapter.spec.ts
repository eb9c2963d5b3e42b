import { cancelPacketXml, readPacketaCancel } from './packeta.adapter';
import { escapeXml, textOf } from './packeta-xml';

const ok = (body: string) => ({ status: 200, body });

describe('Packeta cancelPacket', () => {
  it('builds the request with escaped values, a barcode id sent as its number', () => {
    expect(cancelPacketXml('pa<ss&"word\'', 'Z1234567890')).toBe(
      '<cancelPacket><apiPassword>pa&lt;ss&amp;&quot;word&apos;</apiPassword>' +
        '<packetId>1234567890</packetId></cancelPacket>',
    );
    expect(cancelPacketXml('p', '987')).toContain('<packetId>987</packetId>');
  });

  it('status ok is cancelled, whatever the declaration, spacing and result', () => {
    expect(
      readPacketaCancel(
        ok('<?xml version="1.0"?>\n<response>\n  <status> ok </status>\n  <result/>\n</response>'),
      ),
    ).toEqual({ kind: 'canceled' });
  });

  it('a fault is the carrier refusing, with its name and message', () => {
    expect(
      readPacketaCancel(
        ok(
          '<response><status>fault</status><fault>CancelNotAllowedFault</fault>' +
            '<string>Packet cannot be cancelled &amp; is on its way.</string></response>',
        ),
      ),
    ).toEqual({
      kind: 'refused',
      reason: 'CancelNotAllowedFault: Packet cannot be cancelled & is on its way.',
    });
    expect(
      readPacketaCancel(ok('<response><status>fault</status><fault>PacketIdFault</fault></response>')),
    ).toEqual({ kind: 'refused', reason: 'PacketIdFault' });
  });

  it('a wrong API password, an HTTP error or an unreadable reply is no answer', () => {
    expect(
      readPacketaCancel(
        ok(
          '<response><status>fault</status><fault>IncorrectApiPasswordFault</fault><string>x</string></response>',
        ),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    expect(readPacketaCancel({ status: 502, body: '<html/>' })).toEqual({
      kind: 'unavailable',
      reason: 'HTTP_502',
    });
    expect(readPacketaCancel(ok('<html>maintenance</html>'))).toEqual({
      kind: 'unavailable',
      reason: 'BAD_REPLY',
    });
  });
});

describe('the tolerant XML reader', () => {
  it('reads text with attributes, CDATA, character references and nested tags', () => {
    expect(textOf('<r><string lang="en">a &#x3C; b &#60; c</string></r>', 'string')).toBe('a < b < c');
    expect(textOf('<r><string><![CDATA[<raw> & co]]></string></r>', 'string')).toBe('<raw> & co');
    expect(textOf('<r><detail><x>1</x> <y>2</y></detail></r>', 'detail')).toBe('1 2');
    expect(textOf('<r><status/></r>', 'status')).toBe('');
    expect(textOf('<r><statusCode>1</statusCode></r>', 'status')).toBeNull();
    expect(textOf('<r><status>open', 'status')).toBeNull();
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
