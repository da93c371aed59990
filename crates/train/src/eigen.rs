//! The eigendecomposition of a small symmetric matrix by the cyclic Jacobi method: rotations
//! that zero each off-diagonal entry in turn, sweep after sweep, until none is left. It uses
//! only + - * / and square roots, so it gives the same bits on every platform.

/// A square matrix, row by row.
pub type Matrix = Vec<Vec<f64>>;

/// Sweeps after which the method stops even if an entry is still not negligible (a symmetric
/// matrix of the sizes runs have converges in well under 20).
const MAX_SWEEPS: usize = 64;

/// The eigenvalues of the symmetric matrix `a` and its eigenvectors, as the columns of an
/// orthogonal matrix: `a = vectors · diag(values) · vectorsᵀ`, eigenvalue `k` belonging to column
/// `k`. Only the entries on and above the diagonal are read.
pub fn symmetric_eigen(a: &[Vec<f64>]) -> (Vec<f64>, Matrix) {
    let n = a.len();
    let mut m: Matrix = (0..n)
        .map(|i| (0..n).map(|j| a[i.min(j)][i.max(j)]).collect())
        .collect();
    let mut vectors: Matrix = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for _ in 0..MAX_SWEEPS {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                rotated |= zero_entry(&mut m, &mut vectors, p, q);
            }
        }
        if !rotated {
            break;
        }
    }
    let values = (0..n).map(|i| m[i][i]).collect();
    (values, vectors)
}

/// Zeroes `m[p][q]` (and `m[q][p]`) by a rotation in the plane `p, q` applied to `m` on both
/// sides and to the columns of `vectors`; an entry too small to change either diagonal entry is
/// set to 0 without one. Returns whether a rotation was made.
fn zero_entry(m: &mut Matrix, vectors: &mut Matrix, p: usize, q: usize) -> bool {
    let apq = m[p][q];
    let (app, aqq) = (m[p][p], m[q][q]);
    let g = 100.0 * apq.abs();
    if app.abs() + g == app.abs() && aqq.abs() + g == aqq.abs() {
        m[p][q] = 0.0;
        m[q][p] = 0.0;
        return false;
    }
    // The tangent of the rotation angle, the smaller root of t² + 2θt - 1 = 0.
    let theta = (aqq - app) / (2.0 * apq);
    let t = if theta.abs() > 1e150 {
        0.5 / theta
    } else {
        let root = 1.0 / (theta.abs() + (theta * theta + 1.0).sqrt());
        if theta < 0.0 { -root } else { root }
    };
    let c = 1.0 / (t * t + 1.0).sqrt();
    let s = t * c;
    for row in m.iter_mut() {
        let (kp, kq) = (row[p], row[q]);
        row[p] = c * kp - s * kq;
        row[q] = s * kp + c * kq;
    }
    let (above, from_q) = m.split_at_mut(q);
    for (pk, qk) in above[p].iter_mut().zip(from_q[0].iter_mut()) {
        let (a, b) = (*pk, *qk);
        *pk = c * a - s * b;
        *qk = s * a + c * b;
    }
    m[p][q] = 0.0;
    m[q][p] = 0.0;
    for row in vectors.iter_mut() {
        let (kp, kq) = (row[p], row[q]);
        row[p] = c * kp - s * kq;
        row[q] = s * kp + c * kq;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `vectors · diag(values) · vectorsᵀ`.
    fn rebuilt(values: &[f64], vectors: &[Vec<f64>]) -> Matrix {
        let n = values.len();
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        (0..n)
                            .map(|k| vectors[i][k] * values[k] * vectors[j][k])
                            .sum()
                    })
                    .collect()
            })
            .collect()
    }

    fn assert_close(a: &[Vec<f64>], b: &[Vec<f64>], tolerance: f64) {
        for (row_a, row_b) in a.iter().zip(b) {
            for (x, y) in row_a.iter().zip(row_b) {
                assert!((x - y).abs() <= tolerance, "{a:?} is not {b:?}");
            }
        }
    }

    fn sorted(mut values: Vec<f64>) -> Vec<f64> {
        values.sort_by(f64::total_cmp);
        values
    }

    #[test]
    fn a_two_by_two_matrix_has_the_eigenvalues_of_its_characteristic_polynomial() {
        // [[2, 1], [1, 2]]: λ² - 4λ + 3 = 0, so 1 and 3, with vectors (1, -1) and (1, 1) / √2.
        let (values, vectors) = symmetric_eigen(&[vec![2.0, 1.0], vec![1.0, 2.0]]);
        let values = sorted(values);
        assert!((values[0] - 1.0).abs() < 1e-15 && (values[1] - 3.0).abs() < 1e-15);
        let half = std::f64::consts::FRAC_1_SQRT_2;
        for column in 0..2 {
            assert!(
                (vectors[0][column].abs() - half).abs() < 1e-15,
                "{vectors:?}"
            );
            assert!(
                (vectors[1][column].abs() - half).abs() < 1e-15,
                "{vectors:?}"
            );
        }
    }

    #[test]
    fn a_diagonal_matrix_is_its_own_decomposition() {
        let a = vec![
            vec![3.0, 0.0, 0.0],
            vec![0.0, 1e-6, 0.0],
            vec![0.0, 0.0, 7.0],
        ];
        let (values, vectors) = symmetric_eigen(&a);
        assert_eq!(values, vec![3.0, 1e-6, 7.0]);
        let identity = vec![
            vec![1.0, 0.0, 0.0],
            vec![0.0, 1.0, 0.0],
            vec![0.0, 0.0, 1.0],
        ];
        assert_eq!(vectors, identity);
    }

    #[test]
    fn a_dense_matrix_is_rebuilt_from_orthonormal_vectors() {
        // The tridiagonal [2 -1; -1 2 -1; ...] of size 5 has eigenvalues 2 - 2 cos(kπ/6).
        let n: usize = 5;
        let a: Matrix = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| match i.abs_diff(j) {
                        0 => 2.0,
                        1 => -1.0,
                        _ => 0.0,
                    })
                    .collect()
            })
            .collect();
        let (values, vectors) = symmetric_eigen(&a);
        let expected: Vec<f64> = (1..=n)
            .map(|k| 2.0 - 2.0 * (k as f64 * std::f64::consts::PI / 6.0).cos())
            .collect();
        for (got, want) in sorted(values.clone()).iter().zip(&expected) {
            assert!((got - want).abs() < 1e-14, "{got} {want}");
        }
        assert_close(&rebuilt(&values, &vectors), &a, 1e-14);
        let identity = rebuilt(&[1.0; 5], &vectors);
        let unit: Matrix = (0..n)
            .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
            .collect();
        assert_close(&identity, &unit, 1e-14);
    }

    #[test]
    fn an_ill_conditioned_matrix_keeps_its_small_eigenvalue() {
        // A rotation of diag(1e6, 1): the small eigenvalue is found to relative precision.
        let (c, s) = (0.6, 0.8);
        let a = vec![
            vec![1e6 * c * c + s * s, (1e6 - 1.0) * c * s],
            vec![(1e6 - 1.0) * c * s, 1e6 * s * s + c * c],
        ];
        let values = sorted(symmetric_eigen(&a).0);
        assert!((values[0] - 1.0).abs() < 1e-9, "{values:?}");
        assert!((values[1] - 1e6).abs() < 1e-9, "{values:?}");
    }
}
