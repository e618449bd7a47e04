import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/instances/new`: the instance creation form. */
export default function InstanceCreatePage() {
  return (
    <PlaceholderPage title="Create instance">
      <p>The form to create an instance, streamable or not, will be here.</p>
    </PlaceholderPage>
  );
}
