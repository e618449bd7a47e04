import { PlaceholderPage } from "../../components/page-layout/PlaceholderPage.tsx";

/** `/nodes`: the machines of every cluster. */
export default function NodesPage() {
  return (
    <PlaceholderPage title="Nodes">
      <p>The nodes of your clusters will be listed here, with their resources.</p>
    </PlaceholderPage>
  );
}
