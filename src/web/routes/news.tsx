export function NewsPage() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Football News</h1>
    </section>
  );
}
