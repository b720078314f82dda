import { MultiIndex } from './multi-index';

describe('MultiIndex', () => {
  it('files one value under a key as itself, several as a set, each once', () => {
    const index = new MultiIndex<{ id: number }>();
    const a = { id: 1 };
    const b = { id: 2 };
    index.add('k', a);
    index.add('k', a);
    expect(index.values('k')).toEqual([a]);
    index.add('k', b);
    index.add('k', b);
    expect(index.values('k')).toEqual([a, b]);
    const seen: number[] = [];
    index.each('k', (v) => seen.push(v.id));
    expect(seen).toEqual([1, 2]);
    expect(index.values('other')).toEqual([]);
  });

  it('drops a key once nothing is filed under it, whichever value goes last', () => {
    const index = new MultiIndex<string>();
    index.add('k', 'a');
    index.add('k', 'b');
    index.add('j', 'a');
    index.delete('k', 'a');
    expect(index.values('k')).toEqual(['b']);
    index.delete('k', 'c'); // not filed: nothing changes
    expect(index.values('k')).toEqual(['b']);
    index.delete('k', 'b');
    expect(index.values('k')).toEqual([]);
    expect(index.keys).toBe(1);
    index.delete('j', 'b');
    expect(index.values('j')).toEqual(['a']);
    index.delete('j', 'a');
    expect(index.keys).toBe(0);
  });

  it('hands out a copy, so the index may change while its values are walked', () => {
    const index = new MultiIndex<string>();
    for (const v of ['a', 'b', 'c']) index.add('k', v);
    for (const v of index.values('k')) index.delete('k', v);
    expect(index.keys).toBe(0);
  });
});
