// Zip files made by hand for the tests (entries stored, not compressed): what the APK check
// reads is the signature, the end record and the central directory, which these have for real.

const encoder = new TextEncoder();

function littleEndian(size: 2 | 4, value: number): number[] {
  return Array.from({ length: size }, (_, index) => (value >>> (index * 8)) & 0xff);
}

/** The bytes of a zip holding these entries (name → text), with an optional trailing comment. */
export function storedZip(entries: Record<string, string>, comment = ""): Uint8Array<ArrayBuffer> {
  const locals: number[] = [];
  const directory: number[] = [];
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = [...encoder.encode(name)];
    const data = [...encoder.encode(text)];
    const offset = locals.length;
    const sizes = [
      ...littleEndian(4, 0),
      ...littleEndian(4, data.length),
      ...littleEndian(4, data.length),
    ];
    locals.push(
      ...littleEndian(4, 0x04034b50),
      ...littleEndian(2, 20),
      ...littleEndian(2, 0),
      ...littleEndian(2, 0),
      ...littleEndian(4, 0),
      ...sizes,
      ...littleEndian(2, nameBytes.length),
      ...littleEndian(2, 0),
      ...nameBytes,
      ...data,
    );
    directory.push(
      ...littleEndian(4, 0x02014b50),
      ...littleEndian(2, 20),
      ...littleEndian(2, 20),
      ...littleEndian(2, 0),
      ...littleEndian(2, 0),
      ...littleEndian(4, 0),
      ...sizes,
      ...littleEndian(2, nameBytes.length),
      ...littleEndian(2, 0),
      ...littleEndian(2, 0),
      ...littleEndian(2, 0),
      ...littleEndian(2, 0),
      ...littleEndian(4, 0),
      ...littleEndian(4, offset),
      ...nameBytes,
    );
  }
  const commentBytes = [...encoder.encode(comment)];
  const count = Object.keys(entries).length;
  const end = [
    ...littleEndian(4, 0x06054b50),
    ...littleEndian(2, 0),
    ...littleEndian(2, 0),
    ...littleEndian(2, count),
    ...littleEndian(2, count),
    ...littleEndian(4, directory.length),
    ...littleEndian(4, locals.length),
    ...littleEndian(2, commentBytes.length),
    ...commentBytes,
  ];
  return new Uint8Array([...locals, ...directory, ...end]);
}

/** A small APK as the check sees one: a zip listing AndroidManifest.xml. */
export function apkFile(name = "game.apk"): File {
  return new File(
    [storedZip({ "AndroidManifest.xml": "<manifest/>", "classes.dex": "dex" })],
    name,
    { type: "application/vnd.android.package-archive" },
  );
}
