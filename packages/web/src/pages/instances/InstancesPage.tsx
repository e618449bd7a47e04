import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/instances`: the instances of every cluster. */
export default function InstancesPage() {
  return (
    <PlaceholderPage title="Instances">
      <p>Your instances will be listed here, with their status and the sessions you can stream.</p>
    </PlaceholderPage>
  );
}
