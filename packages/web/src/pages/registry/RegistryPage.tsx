import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/registry`: the application registry. */
export default function RegistryPage() {
  return (
    <PlaceholderPage title="Registry">
      <p>The applications of your registry will be listed here.</p>
    </PlaceholderPage>
  );
}
