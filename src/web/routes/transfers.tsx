export function TransfersPage() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Transfer Rumours</h1>
    </section>
  );
}
