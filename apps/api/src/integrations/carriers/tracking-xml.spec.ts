import { hasElement, isoLocalTime, soapFault, xmlBlocks, zonedTime } from './tracking-xml';

describe('tracking XML readers', () => {
  it('lists every element of a name, with or without a prefix or attributes, empty ones too', () => {
    const xml = '<r><a>1</a><ns:a x="y">2<b>3</b></ns:a><a/><ab>no</ab><a >4</a ></r>';
    expect(xmlBlocks(xml, 'a')).toEqual(['1', '2<b>3</b>', '', '4']);
    expect(xmlBlocks(xml, 'missing')).toEqual([]);
    expect(xmlBlocks('<a>left open', 'a')).toEqual([]);
    expect(hasElement(xml, 'ab')).toBe(true);
    expect(hasElement(xml, 'c')).toBe(false);
    expect(() => xmlBlocks(xml, 'a|b')).toThrow('not an XML element name');
  });

  it('reads a SOAP fault’s words once each', () => {
    const fault = (s: string, m: string) =>
      `<S:Envelope xmlns:S="e"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>${s}</faultstring>` +
      `<detail><ns2:Exception xmlns:ns2="n"><message>${m}</message></ns2:Exception></detail></S:Fault></S:Body></S:Envelope>`;
    expect(soapFault(fault('Access denied', 'Access denied'))).toBe('Access denied');
    expect(soapFault(fault('Error', 'login &amp; password'))).toBe('Error: login & password');
    expect(soapFault('<soap:Fault></soap:Fault>')).toBe('SOAP fault');
    expect(soapFault('<return>true</return>')).toBeNull();
  });

  it('reads wall-clock times in a zone, DST included, and refuses impossible ones', () => {
    expect(zonedTime('Europe/Warsaw', 2024, 1, 15, 12, 0)).toEqual(new Date('2024-01-15T11:00:00Z'));
    expect(zonedTime('Europe/Warsaw', 2024, 7, 15, 12, 0)).toEqual(new Date('2024-07-15T10:00:00Z'));
    // The hour the autumn change repeats is read as the later one (winter time).
    expect(zonedTime('Europe/Warsaw', 2024, 10, 27, 2, 30)).toEqual(new Date('2024-10-27T01:30:00Z'));
    expect(zonedTime('Europe/Warsaw', 2024, 2, 30, 12, 0)).toBeNull();
    expect(zonedTime('Europe/Warsaw', 2024, 1, 1, 24, 0)).toBeNull();
  });

  it('reads ISO-like local times, with their own offset when written', () => {
    expect(isoLocalTime('2014-11-25T13:49:00', 'Europe/Warsaw')).toEqual(new Date('2014-11-25T12:49:00Z'));
    expect(isoLocalTime('2014-11-25 13:49', 'Europe/Warsaw')).toEqual(new Date('2014-11-25T12:49:00Z'));
    expect(isoLocalTime('2017-09-25T17:34:08.7789', 'UTC')).toEqual(new Date('2017-09-25T17:34:08.778Z'));
    expect(isoLocalTime('2024-10-07T10:46:14+0200', 'Europe/Warsaw')).toEqual(
      new Date('2024-10-07T08:46:14Z'),
    );
    expect(isoLocalTime('2024-10-07T10:46:14-05:30', 'UTC')).toEqual(new Date('2024-10-07T16:16:14Z'));
    expect(isoLocalTime('2024-10-07T10:46:14Z', 'Europe/Warsaw')).toEqual(new Date('2024-10-07T10:46:14Z'));
    expect(isoLocalTime('2024-10-07T10:46:14+2500', 'UTC')).toBeNull();
    expect(isoLocalTime('07.10.2024 10:46', 'UTC')).toBeNull();
  });
});
