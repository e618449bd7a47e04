import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/images`: the Android images of every cluster. */
export default function ImagesPage() {
  return (
    <PlaceholderPage title="Images">
      <p>The Android images your instances start from will be listed here.</p>
    </PlaceholderPage>
  );
}
