import { PublicCard } from "../../components/PublicCard.tsx";

/** `/stream/{token}`: a session shared by link, open to anyone holding the token. */
export default function StreamPage() {
  return (
    <PublicCard>
      <h1 className="p-heading--3">Stream</h1>
      <p>The shared stream will be shown here.</p>
    </PublicCard>
  );
}
