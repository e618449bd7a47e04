/**
 * An AndroidManifest.xml in Android's binary XML, as aapt2 writes it, reduced to what a package
 * name needs: the document header, a UTF-16 string pool and the `<manifest package="…">` element.
 */
export function binaryManifest(packageName: string): Buffer {
  const strings = ["manifest", "package", packageName];
  const encoded = strings.map((text) => {
    const body = Buffer.from(`${text}\0`, "utf16le");
    const length = Buffer.alloc(2);
    length.writeUInt16LE(text.length);
    return Buffer.concat([length, body]);
  });
  const offsets = Buffer.alloc(strings.length * 4);
  let at = 0;
  encoded.forEach((bytes, index) => {
    offsets.writeUInt32LE(at, index * 4);
    at += bytes.length;
  });
  const poolHeader = Buffer.alloc(28);
  const poolData = Buffer.concat(encoded);
  const poolSize = 28 + offsets.length + poolData.length;
  poolHeader.writeUInt16LE(0x0001, 0);
  poolHeader.writeUInt16LE(28, 2);
  poolHeader.writeUInt32LE(poolSize, 4);
  poolHeader.writeUInt32LE(strings.length, 8);
  poolHeader.writeUInt32LE(0, 12); // styles
  poolHeader.writeUInt32LE(0, 16); // flags: UTF-16
  poolHeader.writeUInt32LE(28 + offsets.length, 20);
  const pool = Buffer.concat([poolHeader, offsets, poolData]);

  const element = Buffer.alloc(36 + 20);
  element.writeUInt16LE(0x0102, 0);
  element.writeUInt16LE(16, 2);
  element.writeUInt32LE(element.length, 4);
  element.writeUInt32LE(1, 8); // line
  element.writeUInt32LE(0xffffffff, 12); // comment
  element.writeUInt32LE(0xffffffff, 16); // namespace
  element.writeUInt32LE(0, 20); // name: "manifest"
  element.writeUInt16LE(20, 24); // attributes start, after the 16-byte header
  element.writeUInt16LE(20, 26); // attribute size
  element.writeUInt16LE(1, 28); // attribute count
  element.writeUInt32LE(0xffffffff, 36); // attribute namespace
  element.writeUInt32LE(1, 40); // name: "package"
  element.writeUInt32LE(2, 44); // raw value
  element.writeUInt16LE(8, 48); // typed value: size
  element.writeUInt8(3, 51); // type: string
  element.writeUInt32LE(2, 52);

  const header = Buffer.alloc(8);
  header.writeUInt16LE(0x0003, 0);
  header.writeUInt16LE(8, 2);
  header.writeUInt32LE(8 + pool.length + element.length, 4);
  return Buffer.concat([header, pool, element]);
}
