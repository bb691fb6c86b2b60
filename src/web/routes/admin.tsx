export function AdminPage() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Admin Panel</h1>
    </section>
  );
}
